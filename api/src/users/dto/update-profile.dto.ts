import type { ProfileChange } from '@veredicto/contract';
import { EmailField, UsernameField } from '../../auth/dto/account-fields.js';

export class UpdateProfileDto implements ProfileChange {
  @UsernameField()
  newUsername!: string;

  @EmailField()
  newEmail!: string;
}
