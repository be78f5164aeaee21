/** Decimal hours as a Spanish reader writes them: 1,5 h. */
export const formatHours = (hours: number) =>
  `${hours.toLocaleString('es-ES', { maximumFractionDigits: 2 })} h`;
