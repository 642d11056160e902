/**
 * What the assistant is told (issue 44). The prompt is built ONLY from what the candidate already sees: the
 * problem's candidate projection (statement, visible examples, constraints, signature — never hidden cases,
 * their outputs, the model solution or a rubric, which that projection does not hold), the candidate's own
 * code and question, and their earlier exchanges. A pure function, so a test can read every byte sent.
 */
import type { TAiMode, TCandidateProblem } from '@assessly/shared';
import type { AiMessage } from './ai.provider';

const MODE_RULES: Record<Exclude<TAiMode, 'off'>, string> = {
  explain:
    'You may explain the problem statement, the concepts and the language features it involves, and explain code the candidate shows you. Do NOT write code that solves the problem or any part of it, and do not give the algorithm step by step.',
  hints:
    'You may give hints and point at mistakes in the candidate\u2019s code, and show short snippets (a few lines) that illustrate a language feature or an idea. Do NOT write a complete solution or a complete function that solves the problem.',
  full: 'You may help fully, including writing code. Keep answers focused on the question.',
};

export interface PromptInput {
  mode: Exclude<TAiMode, 'off'>;
  instruction: string;
  problem: TCandidateProblem | null;
  language: string | null;
  code: string;
  question: string;
  /** Earlier exchanges of this attempt on the same problem, oldest first. */
  history: { question: string; answer: string }[];
}

export function buildMessages(input: PromptInput): AiMessage[] {
  const system = [
    'You are the coding assistant of an online technical assessment. The employer allows you; every exchange is recorded and shown to the reviewer.',
    MODE_RULES[input.mode],
    'Answer in Markdown. Put code in fenced code blocks with the language name.',
    input.instruction ? `The employer adds: ${input.instruction}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const messages: AiMessage[] = [{ role: 'system', content: system }];
  if (input.problem) messages.push({ role: 'user', content: describeProblem(input.problem) });
  for (const h of input.history) {
    messages.push({ role: 'user', content: h.question }, { role: 'assistant', content: h.answer });
  }
  const code = input.code.trim()
    ? `My current code${input.language ? ` (${input.language})` : ''}:\n\`\`\`${input.language ?? ''}\n${input.code}\n\`\`\`\n\n`
    : '';
  messages.push({ role: 'user', content: `${code}${input.question}` });
  return messages;
}

function describeProblem(p: TCandidateProblem): string {
  const parts = [`The problem I am solving: ${p.title}`, p.description];
  if (p.signature) parts.push(`Function signature: ${JSON.stringify(p.signature)}`);
  if (p.constraints.length) parts.push(`Constraints:\n${p.constraints.map((c) => `- ${c}`).join('\n')}`);
  for (const [i, ex] of p.examples.entries()) {
    parts.push(`Example ${i + 1} input:\n${ex.input}\nExample ${i + 1} output:\n${ex.output}`);
  }
  return parts.join('\n\n');
}

/** Tokens of a text when the provider reports none (about four characters a token). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);
