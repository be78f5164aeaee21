import { Body, Controller, Delete, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { OptionalAuthGuard, ViewerId } from '../auth/optional-auth.guard.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { IgdbIdPipe } from '../games/dto/igdb-id.param.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { UsernameParamPipe } from './username-param.pipe.js';
import {
  CircleResponse,
  FeedQueryDto,
  FeedResponse,
  ProfileResponse,
  SetPrivacyDto,
} from './dto/profile.dto.js';
import { ProfilesService } from './profiles.service.js';

@ApiTags('profiles')
@Controller('api/users')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get(':username')
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: 'Perfil público: estados, horas, puntuaciones y lo último (404 si no puedes verlo)',
  })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Perfil no encontrado o no visible' })
  profile(@Param('username', UsernameParamPipe) username: string, @ViewerId() viewerId: number | null) {
    return this.profiles.profile(username, viewerId);
  }

  @LimitUserWrites()
  @Put(':username/follow')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Sigue a este usuario' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Perfil no encontrado' })
  follow(@CurrentUser() user: AuthUser, @Param('username', UsernameParamPipe) username: string) {
    return this.profiles.follow(user.id, username);
  }

  @LimitUserWrites()
  @Delete(':username/follow')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Deja de seguir a este usuario' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Perfil no encontrado' })
  unfollow(@CurrentUser() user: AuthUser, @Param('username', UsernameParamPipe) username: string) {
    return this.profiles.unfollow(user.id, username);
  }
}

@ApiTags('profiles')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class OwnProfileController {
  constructor(private readonly profiles: ProfilesService) {}

  @LimitUserWrites()
  @Put('privacy')
  @ApiOperation({ summary: 'Quién puede ver tu perfil: public, followers o private' })
  setPrivacy(@CurrentUser() user: AuthUser, @Body() dto: SetPrivacyDto) {
    return this.profiles.setPrivacy(user.id, dto.profile);
  }

  @Get('feed')
  @ApiOperation({
    summary: "'Actividad': puntuaciones, críticas y estados de a quienes sigues, de lo más nuevo",
  })
  @ApiOkResponse({ type: FeedResponse })
  feed(@CurrentUser() user: AuthUser, @Query() query: FeedQueryDto) {
    return this.profiles.feed(user.id, query.cursor);
  }

  @Get('circle/:igdbID')
  @ApiOperation({ summary: "'Tu círculo': la media de a quienes sigues (con 3 o más puntuaciones)" })
  @ApiOkResponse({ type: CircleResponse })
  circle(@CurrentUser() user: AuthUser, @Param('igdbID', IgdbIdPipe) igdbId: number) {
    return this.profiles.circle(user.id, igdbId);
  }
}
