/**
 * One-line summaries of routes that do not declare their own with docs() (kept here so the API reference
 * reads well without edits to every module's route file). A route's own schema.summary wins.
 */
export const ROUTE_SUMMARIES: Record<string, string> = {
  'POST /api/users/login': 'Sign in with email and password (sets the session cookie)',
  'POST /api/users/logout': 'Sign out',
  'POST /api/users/add': 'Sign up',
  'POST /api/users': 'Sign up (same as /api/users/add)',
  'GET /api/users/me': 'The signed-in user (or the creator of the API token)',
  'GET /api/users/session': 'The signed-in user, or null for a visitor (200 either way)',
  'GET /api/users/by-email': 'A user by email (self, or a candidate of your tests)',
  'GET /api/users/{id}': 'A user by id (self, or a candidate of your tests)',
  'PUT /api/users/{id}': 'Update your own profile',
  'POST /api/users/forgot-password': 'Email a password reset link',
  'POST /api/users/reset-password': 'Set a new password with the emailed token',
  'GET /api/tests': "The company's tests",
  'GET /api/tests/by-user/{userId}': "Tests of the user's company",
  'POST /api/tests/create': 'Create a test',
  'GET /api/tests/{id}': 'A test (candidates get the candidate projection)',
  'PUT /api/tests/{id}': 'Update a test',
  'DELETE /api/tests/{id}': 'Delete a test',
  'PUT /api/tests/{id}/update-questions': "Set a test's question ids",
  'GET /api/aptitude-questions/all': 'Aptitude questions you may see',
  'GET /api/aptitude-questions/{id}': 'One aptitude question',
  'POST /api/aptitude-questions/add': 'Add an aptitude question',
  'PUT /api/aptitude-questions/{id}': 'Update an aptitude question',
  'GET /api/coding-tests': 'Coding problems you may see',
  'GET /api/coding-tests/{id}': 'One coding problem (candidates: no hidden cases or solution)',
  'POST /api/coding-tests': 'Create a coding problem',
  'PUT /api/coding-tests/{id}': 'Update a coding problem',
  'GET /api/submissions/all': 'Submissions you may see',
  'POST /api/submissions': 'Submit code for judging',
  'POST /api/submissions/run': 'Run code against the examples',
  'POST /api/register-company': 'Register a company and its first owner',
  'POST /api/invitations': 'Invite candidates to a test by email',
  'GET /api/invitations': "A test's invitations",
  'GET /api/review/tests/{testId}/results': "A test's results, one row per candidate",
  'GET /api/review/tests/{testId}/results.csv': "A test's results as CSV",
  'GET /api/review/attempts/{attemptId}/report': "A candidate's report",
  'PUT /api/review/attempts/{attemptId}/status':
    'Set the hiring status (emails the candidate after the undo window unless notify is false)',
  'POST /api/review/tests/{testId}/status':
    'Set one hiring status for many candidates of a test (notify: email or not)',
  'PUT /api/companies/me': "Edit your company's profile and settings (owners and admins)",
  'GET /api/companies/me/reviewer-access':
    'Whether your company lets reviewers see hidden test cases and model solutions',
  'PUT /api/companies/me/reviewer-access':
    'Let reviewers see hidden test cases and model solutions, or not (owners and admins; audited)',
  'GET /api/health': 'Service status',
  'PUT /api/tests/{id}/sections':
    "Set a coding test's sections in order (kind, items, optional minutes); the total follows (issue 46)",
  'POST /api/attempts/{testId}/sections/next': 'Leave the current section of a mixed test for the next one (issue 46)',
  'PUT /api/attempts/{testId}/accommodation':
    'Ask for an accommodation before starting: extra time, no camera, screen-reader mode (issue 46)',
  'GET /api/tests/{id}/accommodation-requests': "A test's accommodation requests and their answers (issue 46)",
  'PUT /api/accommodation-requests/{id}/decision': 'Grant or refuse an accommodation request (issue 46)',
  'POST /api/practice': "The candidate's own practice test, never scored or shown to an employer (issue 46)",
};
