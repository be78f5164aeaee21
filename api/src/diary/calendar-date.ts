import { registerDecorator, type ValidationOptions } from 'class-validator';

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one), from 1970 to 2100. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getUTCFullYear() >= 1970 &&
    date.getUTCFullYear() <= 2100
  );
}

export function IsCalendarDate(options: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName,
      options,
      validator: { validate: (value: unknown) => isCalendarDate(value) },
    });
}
