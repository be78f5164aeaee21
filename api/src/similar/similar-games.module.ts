import { Module } from '@nestjs/common';
import { SimilarGamesController } from './similar-games.controller.js';
import { SimilarGamesService } from './similar-games.service.js';

@Module({ controllers: [SimilarGamesController], providers: [SimilarGamesService] })
export class SimilarGamesModule {}
