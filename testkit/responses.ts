import type { Problem } from '@gavel/domain';

/** The API's one failure body, as a test expects it; `errors` only when the answer lists problems. */
export interface FailureBody {
  status: 'failure';
  code: string;
  message: string;
  errors?: Problem[];
}

export function failure(code: string, message: string, errors?: Problem[]): FailureBody {
  // No `errors: undefined` key: the expected body reads exactly like the answer.
  return errors ? { status: 'failure', code, message, errors } : { status: 'failure', code, message };
}
