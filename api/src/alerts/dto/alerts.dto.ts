import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  ALERT_EMAILS,
  PLATFORM_IDS,
  type AlertEmail,
  type AlertKind,
  type AlertSettingsResponse,
  type NotificationItem,
  type NotificationsPage,
} from '@veredicto/contract';

export class NotificationsQueryDto {
  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'La página debe ser un número entero' })
  @Min(0, { message: 'La página no puede ser negativa' })
  @Max(10_000, { message: 'Página demasiado alta' })
  page?: number;
}

export class MarkReadDto {
  @ApiPropertyOptional({ type: [Number], description: 'Las notificaciones leídas' })
  @IsOptional()
  @IsArray({ message: 'ids debe ser una lista' })
  @ArrayMaxSize(500, { message: 'Como mucho 500 notificaciones a la vez' })
  @IsInt({ each: true, message: 'Cada id debe ser un número entero' })
  @Min(1, { each: true, message: 'Cada id debe ser positivo' })
  ids?: number[];

  @ApiPropertyOptional({ description: "true: todas ('Marcar todo como leído')" })
  @IsOptional()
  @IsBoolean({ message: 'all debe ser true o false' })
  all?: boolean;
}

export class AlertKindsDto {
  @ApiProperty() @IsBoolean({ message: 'release debe ser true o false' }) release!: boolean;
  @ApiProperty() @IsBoolean({ message: 'dateChange debe ser true o false' }) dateChange!: boolean;
  @ApiProperty() @IsBoolean({ message: 'newPlatform debe ser true o false' }) newPlatform!: boolean;
  @ApiProperty() @IsBoolean({ message: 'criticScore debe ser true o false' }) criticScore!: boolean;
  @ApiProperty() @IsBoolean({ message: 'spanishPress debe ser true o false' }) spanishPress!: boolean;
  @ApiProperty() @IsBoolean({ message: 'spanish debe ser true o false' }) spanish!: boolean;
  // The price kinds came later (docs/CONTRACT.md §20): a client that does not send them leaves them on.
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'priceBelow debe ser true o false' })
  priceBelow!: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'historicLow debe ser true o false' })
  historicLow!: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'subscriptionIn debe ser true o false' })
  subscriptionIn!: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'subscriptionLeaving debe ser true o false' })
  subscriptionLeaving!: boolean;
}

export class AlertSettingsDto {
  @ApiProperty({ enum: ALERT_EMAILS })
  @IsIn([...ALERT_EMAILS], { message: 'email debe ser immediate, daily, weekly u off' })
  email!: AlertEmail;

  @ApiProperty({ type: AlertKindsDto })
  @IsObject({ message: 'kinds debe ser un objeto' })
  @ValidateNested()
  @Type(() => AlertKindsDto)
  kinds!: AlertKindsDto;

  @ApiProperty({ type: [String], description: "'Mis plataformas' (ids); vacía = todas" })
  @IsArray({ message: 'Las plataformas deben ser una lista' })
  @ArrayMaxSize(PLATFORM_IDS.length, { message: 'Demasiadas plataformas' })
  @IsIn([...PLATFORM_IDS], { each: true, message: 'Plataforma desconocida' })
  platforms!: string[];
}

export class AlertSettingsResponseDto extends AlertSettingsDto implements AlertSettingsResponse {
  @ApiProperty({ description: 'El calendario privado (.ics) de tus juegos seguidos' })
  calendarUrl!: string;
}

export class UnsubscribeQueryDto {
  @ApiProperty()
  @Matches(/^[0-9a-f]{64}$/, { message: 'Enlace de baja no válido' })
  token!: string;
}

export class NotificationItemDto implements NotificationItem {
  @ApiProperty() id!: number;
  @ApiProperty() kind!: AlertKind;
  @ApiProperty() igdbID!: number;
  @ApiProperty() slug!: string;
  @ApiProperty() title!: string;
  @ApiProperty() text!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) readAt!: string | null;
}

export class NotificationsPageDto implements NotificationsPage {
  @ApiProperty({ type: [NotificationItemDto] }) content!: NotificationItemDto[];
  @ApiProperty() unread!: number;
}
