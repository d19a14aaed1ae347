import { AppException, BadRequestError, ErrorCode, IntakeKind, PortalIntakeDto } from '@pds/contracts';
import { textProblem } from '@pds/http';
import type { SubmissionForm } from './portal-views';

/** A form's fields by name (the first value of a repeated name); nothing but strings. */
export type FormFields = Record<string, string>;

/** What a visitor reads next to a refused field (the contract's messages are for developers). */
const FIELD_MESSAGES: Readonly<Record<string, string>> = {
  kind: 'Choose bug or improvement.',
  title: 'Give a title of 3 to 200 characters.',
  description: 'Keep the description to 10,000 characters.',
  submitterName: 'Give your name (up to 200 characters).',
  submitterEmail: 'Give an e-mail address like name@example.com.',
  email: 'Give an e-mail address like name@example.com.',
};
const UNSTORABLE = 'Remove the control character in this field: it cannot be stored.';
const SUBMISSION_FIELDS = ['kind', 'title', 'description', 'submitterName', 'submitterEmail'] as const;

/** A refused post's message per form field, or undefined when the error is not about fields. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof AppException) || error.code !== ErrorCode.BadRequest || !error.details) return undefined;
  const errors: Record<string, string> = {};
  for (const [path, reasons] of Object.entries(error.details as Record<string, string[] | undefined>)) {
    // The portal's messages name the fields inside the request (`body.title`); the form names them alone.
    const field = path.replace(/^body\./, '');
    errors[field] = reasons?.some((reason) => reason.startsWith('must not contain')) ? UNSTORABLE : (FIELD_MESSAGES[field] ?? reasons?.[0] ?? 'Check this field.');
  }
  return errors;
}

/** Form fields PostgreSQL cannot store (NUL, lone surrogates) are refused as the JSON parser refuses them (input-hygiene). */
export function refuseUnstorable(fields: Record<string, string | undefined>): void {
  const details = Object.fromEntries(
    Object.entries(fields).flatMap(([field, value]) => {
      const problem = value === undefined ? undefined : textProblem(value);
      return problem ? [[field, [problem]]] : [];
    }),
  );
  if (Object.keys(details).length) throw new BadRequestError('A form field holds a character that cannot be stored', details);
}

/** The submission form's fields as entered (shown again after a refusal). */
export function submissionValues(form: FormFields | undefined): SubmissionForm['values'] {
  return Object.fromEntries(SUBMISSION_FIELDS.map((field) => [field, form?.[field] ?? '']));
}

/** The portal submission the form stands for, as typed: the portal's contract validates it (a kind that is not one is a field error like any other). */
export function submissionBody(values: SubmissionForm['values']): PortalIntakeDto {
  return {
    kind: (values.kind ?? '') as IntakeKind,
    title: (values.title ?? '').trim(),
    ...(values.description?.trim() ? { description: values.description } : {}),
    submitterName: (values.submitterName ?? '').trim(),
    submitterEmail: (values.submitterEmail ?? '').trim(),
  };
}
