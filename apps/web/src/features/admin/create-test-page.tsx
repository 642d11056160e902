import type { TTest } from '@assessly/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../../lib/api';
import {
  applyServerErrors,
  EMPTY_TEST_FORM,
  TestFormCard,
  TestFormFields,
  toTestPayload,
  useTestForm,
} from './test-form';

/** Create Test (/admin/tests/create): then the aptitude or coding builder by type. */
export function CreateTestPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useTestForm(EMPTY_TEST_FORM);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const test = await api<TTest>('/api/tests/create', { method: 'POST', body: toTestPayload(values) });
      await qc.invalidateQueries({ queryKey: ['admin'] });
      navigate(test.testType === 'APTITUDE' ? `/admin/aptitude-test/${test.id}` : `/admin/coding-test/${test.id}`);
    } catch (err) {
      // Everything typed stays on screen; field errors go under their fields.
      if (err instanceof ApiError && err.status === 400 && applyServerErrors(form, err)) return;
      setError('Failed to create test. Please try again later.');
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <main>
      <div className="admin-page-head">
        <h1>Create New Test</h1>
      </div>
      <TestFormCard onSubmit={onSubmit} error={error} busy={busy} busyLabel="Creating..." label="Create Test">
        <TestFormFields form={form} typeAs="select" idPrefix="create" />
      </TestFormCard>
    </main>
  );
}
