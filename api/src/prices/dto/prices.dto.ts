import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import {
  PRICE_STORES,
  SUBSCRIPTION_SERVICES,
  type GamePricesBody,
  type PriceHistoryPointBody,
  type PriceOfferBody,
  type PriceRunSource,
  type PriceRunStatusBody,
  type PriceStore,
} from '@veredicto/contract';

export class PriceOfferResponse implements PriceOfferBody {
  @ApiProperty({ enum: PRICE_STORES })
  store!: PriceStore;
  @ApiProperty({ example: 'pc' })
  platform!: string;
  @ApiProperty({ example: 'https://store.steampowered.com/app/620/Portal_2/' })
  url!: string;
  @ApiProperty({ example: 999, description: 'Precio sin descuento, en céntimos de euro' })
  regular!: number;
  @ApiProperty({ example: 199, description: 'Precio final, en céntimos de euro' })
  final!: number;
  @ApiProperty({ example: 80 })
  discountPct!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Precio más bajo en 30 días (Omnibus), céntimos',
  })
  lowest30d!: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  endsAt!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Cuándo leímos este precio de la tienda' })
  asOf!: string;
}

export class HistoricLowResponse {
  @ApiProperty()
  final!: number;
  @ApiProperty({ enum: PRICE_STORES })
  store!: PriceStore;
  @ApiProperty({ format: 'date-time' })
  at!: string;
}

export class SubscriptionResponse {
  @ApiProperty({ example: 'Game Pass' })
  service!: string;
  @ApiProperty({ format: 'date', description: 'Día (en España) de la primera consulta que lo vio incluido' })
  since!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date',
    description: "Día en que lo vimos por primera vez en la lista 'Se va pronto'; null si no está",
  })
  leaving!: string | null;
}

export class GamePricesResponse implements GamePricesBody {
  @ApiProperty({ type: [PriceOfferResponse] })
  offers!: PriceOfferResponse[];
  @ApiProperty({ type: HistoricLowResponse, nullable: true })
  historicLow!: HistoricLowResponse | null;
  @ApiProperty({ type: [SubscriptionResponse] })
  subscriptions!: SubscriptionResponse[];
}

export class PriceHistoryPointResponse implements PriceHistoryPointBody {
  @ApiProperty({ enum: PRICE_STORES })
  store!: PriceStore;
  @ApiProperty()
  platform!: string;
  @ApiProperty()
  regular!: number;
  @ApiProperty()
  final!: number;
  @ApiProperty()
  discountPct!: number;
  @ApiProperty({ format: 'date-time' })
  at!: string;
}

export class PriceHistoryQueryDto {
  @ApiPropertyOptional({ enum: PRICE_STORES })
  @IsOptional()
  @IsIn(PRICE_STORES, { message: `La tienda debe ser una de: ${PRICE_STORES.join(', ')}` })
  store?: PriceStore;
}

export class PriceRunStatusResponse implements PriceRunStatusBody {
  @ApiProperty({ enum: [...PRICE_STORES, ...SUBSCRIPTION_SERVICES] })
  store!: PriceRunSource;
  @ApiProperty({ format: 'date-time' })
  startedAt!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  finishedAt!: string | null;
  @ApiProperty()
  games!: number;
  @ApiProperty()
  changed!: number;
  @ApiProperty()
  failed!: number;
}

export class EnqueuedJobResponse {
  @ApiProperty()
  jobId!: string;
}

export class GamePriceAlertDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 1500,
    description: 'Avísame cuando baje de este precio, en céntimos de euro; null lo quita',
  })
  @ValidateIf((dto: GamePriceAlertDto) => dto.priceBelow !== null)
  @IsInt({ message: 'priceBelow debe ser un número entero de céntimos, o null' })
  @Min(1, { message: 'El precio debe ser de al menos 0,01 €' })
  @Max(100_000_00, { message: 'El precio no puede pasar de 100.000 €' })
  priceBelow!: number | null;
}
