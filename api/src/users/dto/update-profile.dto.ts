import { EmailField, UsernameField } from '../../auth/dto/account-fields.js';

export class UpdateProfileDto {
  @UsernameField()
  newUsername!: string;

  @EmailField()
  newEmail!: string;
}
