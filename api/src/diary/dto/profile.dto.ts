import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  PLAY_STATUSES,
  PROFILE_VISIBILITIES,
  type CircleAverage,
  type FeedItem as FeedItemShape,
  type FeedPage,
  type Follower,
  type FollowAnswer as FollowAnswerShape,
  type FollowRequest,
  type PlayStatus,
  type PrivacySetting,
  type Profile,
  type ProfileActivity,
  type ProfileVisibility,
  type YearInReview,
} from '@veredicto/contract';

/* The diary's answers (libs/contract/src/diary.ts) as OpenAPI schemas: each class implements its shape. */

export class SetPrivacyDto implements PrivacySetting {
  @ApiProperty({ enum: PROFILE_VISIBILITIES })
  @IsIn(PROFILE_VISIBILITIES, { message: 'La privacidad debe ser public, followers o private' })
  profile!: ProfileVisibility;
}

export class FeedQueryDto {
  @ApiPropertyOptional({ description: 'El valor `next` de la página anterior' })
  @IsOptional()
  @IsString({ message: 'El cursor no es válido' })
  @MaxLength(100, { message: 'El cursor no es válido' })
  cursor?: string;
}

export class ProfileCounts {
  @ApiProperty() want!: number;
  @ApiProperty() playing!: number;
  @ApiProperty() completed!: number;
  @ApiProperty() abandoned!: number;
  @ApiProperty() shelved!: number;
  @ApiProperty() ratings!: number;
  @ApiProperty() reviews!: number;
}

export class ProfileListGame {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
}

export class ProfileList {
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Cuántos juegos tiene la lista' }) count!: number;
  @ApiProperty({ type: [ProfileListGame], description: 'Sus primeros juegos' }) games!: ProfileListGame[];
}

export class ProfileRecentItem implements ProfileActivity {
  @ApiProperty({ enum: ['rating', 'review'] }) kind!: 'rating' | 'review';
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ type: Number, nullable: true }) score!: number | null;
  @ApiProperty({ type: String, nullable: true }) review!: string | null;
  @ApiProperty() createdAt!: string;
}

export class ProfileResponse implements Profile {
  @ApiProperty() username!: string;
  @ApiProperty() joinedAt!: string;
  @ApiProperty({ type: ProfileCounts }) counts!: ProfileCounts;
  @ApiProperty({ description: 'Horas jugadas en total (decimal)' }) hours!: number;
  @ApiProperty({ type: [Number], description: 'Puntuaciones por decena: 0-9, 10-19… 90-100' })
  scoreHistogram!: number[];
  @ApiProperty({ type: [ProfileRecentItem] }) recent!: ProfileRecentItem[];
  @ApiProperty({ type: [ProfileList], description: 'Sus listas con juegos' }) lists!: ProfileList[];
  @ApiProperty({ enum: PROFILE_VISIBILITIES }) visibility!: ProfileVisibility;
  @ApiProperty({ description: 'Si quien pregunta sigue a este usuario' }) following!: boolean;
  @ApiProperty({ description: 'Si el perfil es el de quien pregunta' }) own!: boolean;
}

export class FollowAnswer implements FollowAnswerShape {
  @ApiProperty({ description: 'Si lo sigues (aprobado, o un perfil público)' }) following!: boolean;
  @ApiProperty({ description: 'Si tu solicitud espera a que su dueño la apruebe' }) requested!: boolean;
}

export class FollowRequestItem implements FollowRequest {
  @ApiProperty() username!: string;
  @ApiProperty() requestedAt!: string;
}

export class FollowerItem implements Follower {
  @ApiProperty() username!: string;
  @ApiProperty({ description: 'Desde cuándo te sigue' }) followedAt!: string;
}

export class FeedItem implements FeedItemShape {
  @ApiProperty({ example: 'rating-12' }) id!: string;
  @ApiProperty({ enum: ['rating', 'review', 'status'] }) kind!: 'rating' | 'review' | 'status';
  @ApiProperty() username!: string;
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiPropertyOptional({ type: Number }) score?: number;
  @ApiPropertyOptional({ enum: PLAY_STATUSES }) status?: PlayStatus;
  @ApiProperty() createdAt!: string;
}

export class FeedResponse implements FeedPage {
  @ApiProperty({ type: [FeedItem] }) content!: FeedItem[];
  @ApiProperty({ type: String, nullable: true }) next!: string | null;
}

export class CircleResponse implements CircleAverage {
  @ApiProperty({ type: Number, nullable: true, description: 'Media de a quienes sigues (con 3 o más)' })
  average!: number | null;
  @ApiProperty({ description: 'Cuántos de a quienes sigues lo puntuaron' }) count!: number;
}

export class YearCompletedGame {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ type: String, nullable: true }) imageCover!: string | null;
  @ApiProperty({ format: 'date', description: 'El día en que lo completó' }) completedOn!: string;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ description: 'Sus horas en el juego (decimal)' }) hours!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Su puntuación' }) score!: number | null;
}

export class YearBestRated {
  @ApiProperty() igdbID!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() score!: number;
}

export class YearPlatform {
  @ApiProperty() platform!: string;
  @ApiProperty({ description: 'Juegos completados o jugados en ella ese año' }) games!: number;
  @ApiProperty({ description: 'Horas de ese año en ella (decimal)' }) hours!: number;
}

export class YearResponse implements YearInReview {
  @ApiProperty() username!: string;
  @ApiProperty({ example: 2026 }) year!: number;
  @ApiProperty({ type: [YearCompletedGame], description: 'Completados ese año, el último primero' })
  completed!: YearCompletedGame[];
  @ApiProperty({ description: 'Horas jugadas ese año (decimal)' }) hours!: number;
  @ApiProperty({
    type: [YearBestRated],
    description: 'Sus mejores notas entre lo puntuado o completado ese año',
  })
  bestRated!: YearBestRated[];
  @ApiProperty({ type: [YearPlatform] }) platforms!: YearPlatform[];
  @ApiProperty({ enum: PROFILE_VISIBILITIES }) visibility!: ProfileVisibility;
  @ApiProperty({ description: 'Si es el año de quien pregunta' }) own!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'La imagen para compartirlo (Open Graph), solo de un perfil público',
  })
  image!: string | null;
}
