// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { GameStatusBar } from './components/game-status-bar';
export { PlaySessionList } from './components/play-session-list';
export { HoursLeft, PersonalEstimate, approxHours } from './components/play-estimate';
