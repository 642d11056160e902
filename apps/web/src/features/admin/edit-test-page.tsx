import type { TTest } from '@assessly/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PageSpinner } from '../../app/page-spinner';
import { ApiError, api } from '../../lib/api';
import { adminKeys } from './admin-api';
import { defaultPassingMarks, minutesBetween, toLocalInput } from './admin-helpers';
import { AiSettingsCard } from './ai-settings-card';
import {
  applyServerErrors,
  TestFormCard,
  TestFormFields,
  type TestFormValues,
  toTestPayload,
  useTestForm,
} from './test-form';

function toFormValues(t: TTest): TestFormValues {
  return {
    testName: t.testName,
    testType: t.testType,
    description: t.description,
    // The stored duration is the time each candidate has; the window (start/end) only bounds it (docs/DECISIONS.md §5).
    duration: t.duration || minutesBetween(t.startTime, t.endTime) || 60,
    totalMarks: t.totalMarks,
    passingMarks: t.passingMarks || defaultPassingMarks(t.totalMarks),
    startTime: toLocalInput(t.startTime),
    endTime: toLocalInput(t.endTime),
    proctoring: t.proctoring ? 'on' : 'off',
    languages: t.languages,
    pastePolicy: t.pastePolicy,
    access: t.access ?? 'link',
    linkExpiresAt: toLocalInput(t.linkExpiresAt ?? null),
    defaultLocale: t.defaultLocale ?? 'en',
  };
}

function EditForm({ test }: { test: TTest }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useTestForm(toFormValues(test));
  const [error, setError] = useState<string | null>(null);
  const windowMinutes = minutesBetween(test.startTime, test.endTime);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await api<TTest>(`/api/tests/${test.id}`, {
        method: 'PUT',
        body: { ...toTestPayload(values), version: test.version },
      });
      await qc.invalidateQueries({ queryKey: ['admin'] });
      navigate(
        saved.testType === 'APTITUDE' ? `/admin/aptitude-test/edit/${saved.id}` : `/admin/coding-test/edit/${saved.id}`,
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && applyServerErrors(form, err)) return;
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) setError(err.message);
      else setError('Failed to update test. Please try again later.');
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <TestFormCard onSubmit={onSubmit} error={error} busy={busy} busyLabel="Updating..." label="Update Test">
      <TestFormFields form={form} typeAs="radio" idPrefix="edit" totalIsSum={test.questionIds.length > 0} />
      {windowMinutes && <p className="field-hint">The current window is {windowMinutes} minutes long.</p>}
    </TestFormCard>
  );
}

/** Edit test (/admin/tests/{id}/edit): then the question or problem editor by type. */
export function EditTestPage() {
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: adminKeys.test(id),
    queryFn: () => api<TTest>(`/api/tests/${id}`),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <main>
      <div className="admin-page-head">
        <h1>Edit Test</h1>
      </div>
      {q.isPending && <PageSpinner label="Loading test..." />}
      {q.isError && (
        <div className="alert alert-error" role="alert">
          {q.error instanceof ApiError && q.error.status === 404
            ? 'Test not found'
            : 'Failed to load test. Please try again later.'}
        </div>
      )}
      {q.data && <EditForm test={q.data} />}
      {q.data && <AiSettingsCard testId={q.data.id} />}
    </main>
  );
}
