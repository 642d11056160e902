import type { TPipelineStage } from '@assessly/shared';

/** The company's pipeline stages as the options of a select, in pipeline order, each by its label. */
export function StageOptions({ stages }: { stages: readonly Pick<TPipelineStage, 'key' | 'label'>[] }) {
  return (
    <>
      {stages.map((s) => (
        <option key={s.key} value={s.key}>
          {s.label}
        </option>
      ))}
    </>
  );
}
