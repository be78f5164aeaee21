// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { GamePrices } from './components/game-prices';
