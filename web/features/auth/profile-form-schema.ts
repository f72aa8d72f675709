import { z } from 'zod';
import { profileUpdateInput, registerInput } from '../../../schema/users';

const { bio, tagline, avatar } = profileUpdateInput.shape;

/** The profile dialog: the API's profile rules, with a display name always sent. */
export const profileForm = z.object({
  displayName: registerInput.shape.displayName,
  tagline,
  bio,
  avatar,
});
