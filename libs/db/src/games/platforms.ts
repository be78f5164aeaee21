// The platform list is part of the contract shared with the front: libs/contract/src/platforms.ts.
export { PLATFORM_IDS, PLATFORMS, platformName, type PlatformId } from '@veredicto/contract';
