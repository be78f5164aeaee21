// What other features may use of this one; everything else in the folder is internal (enforced by lint).
export { GameLanguages } from './components/game-languages';
export { LanguageReportAction } from './components/language-report-dialog';
export { readSpanishFilter, SpanishFilterChips } from './components/spanish-filter-chips';
