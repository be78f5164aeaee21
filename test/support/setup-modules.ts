// Loaded before every test file: importing these first avoids
// "Cannot require() ES Module ... in a cycle" from @bull-board/nestjs (ENVIRONMENT.md).
import 'reflect-metadata';
import '@nestjs/common';
import '@nestjs/core';
import '@nestjs/bull-shared';
