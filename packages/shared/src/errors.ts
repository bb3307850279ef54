import { type Static, Type } from 'typebox';

/** Every error the API answers has this body; `details` names the fields at fault. */
export const ApiErrorSchema = Type.Object({
  error: Type.String({ description: 'HTTP reason phrase, e.g. Bad Request' }),
  message: Type.String(),
  details: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String(),
        problem: Type.String(),
        code: Type.Optional(
          Type.String({
            description:
              'Why text was refused, for clients: bidi_control, control_character, no_letters, mixed_scripts, homoglyph',
          }),
        ),
      }),
      {
        description: 'One entry per invalid field',
      },
    ),
  ),
});
export type ApiError = Static<typeof ApiErrorSchema>;
