import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../admin/admin.guard.js';
import { ReviewDiscoveryAdminService } from './review-discovery.service.js';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin/review-discovery')
export class ReviewDiscoveryController {
  constructor(private readonly discovery: ReviewDiscoveryAdminService) {}

  @Get()
  @ApiOperation({
    summary:
      'Páginas de críticas que el descubrimiento de juegos recientes añadió como fuentes y las que rechazó, con el motivo',
  })
  report() {
    return this.discovery.report();
  }

  @Post()
  @HttpCode(202)
  @ApiOperation({ summary: 'Lanza el descubrimiento de páginas de críticas: 202 {jobId, queue}' })
  run() {
    return this.discovery.run();
  }
}
