import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { DIARY_IMPORT_SOURCES } from '@veredicto/contract';
import { AuthGuard } from '../auth/auth.guard.js';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator.js';
import { PositiveIdPipe } from '../common/positive-id.pipe.js';
import { ErrorResponse } from '../games/dto/game-responses.dto.js';
import { LimitUserWrites } from '../rate-limits/user-write-limit.guard.js';
import { ConfirmImportDto, ImportResponse, StartImportDto } from './dto/data-portability.dto.js';
import { DiaryExportService } from './export/diary-export.service.js';
import { DiaryImportService } from './import/diary-import.service.js';

/** The largest file an import takes (a 10,000-row Grouvee export is about 4 MB). */
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const IMPORT_ID = new PositiveIdPipe('El identificador de la importación no es válido');

@ApiTags('diary')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('api/user')
export class DataPortabilityController {
  constructor(
    private readonly exports: DiaryExportService,
    private readonly imports: DiaryImportService,
  ) {}

  @Get('export')
  @ApiOperation({ summary: 'Descarga tus datos (RGPD art. 20): un ZIP con JSON y CSV' })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'veredicto.json, juegos.csv y sesiones.csv' })
  async export(@CurrentUser() user: AuthUser, @Res() response: Response) {
    const { fileName, zip } = await this.exports.export(user.id);
    response
      .status(200)
      .set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Cache-Control': 'no-store',
      })
      .send(Buffer.from(zip));
  }

  @LimitUserWrites()
  @Post('import')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } }))
  @ApiOperation({
    summary:
      'Importa tus juegos: CSV (el nuestro o con columnas en español o inglés), Backloggd, Grouvee o Steam',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        source: { type: 'string', enum: [...DIARY_IMPORT_SOURCES] },
      },
      required: ['file'],
    },
  })
  @ApiOkResponse({ type: ImportResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Fichero ilegible o de otro formato' })
  @HttpCode(202)
  start(
    @CurrentUser() user: AuthUser,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @Body() dto: StartImportDto,
  ) {
    return this.imports.start(user.id, file?.buffer, dto.source);
  }

  @Get('import/:importId')
  @ApiOperation({ summary: 'Una importación: filas encontradas, dudosas y sin encontrar' })
  @ApiOkResponse({ type: ImportResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Importación no encontrada' })
  find(@CurrentUser() user: AuthUser, @Param('importId', IMPORT_ID) importId: number) {
    return this.imports.find(user.id, importId);
  }

  @LimitUserWrites()
  @Post('import/:importId/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirma la importación: añade estados y notas donde no tenías' })
  @ApiOkResponse({ type: ImportResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Importación no encontrada' })
  confirm(
    @CurrentUser() user: AuthUser,
    @Param('importId', IMPORT_ID) importId: number,
    @Body() dto: ConfirmImportDto,
  ) {
    return this.imports.confirm(user.id, importId, dto);
  }
}
