// The launcher's child process (launcher.ts): starts the programs its parent asks for and answers what they
// printed and how they ended. Plain JavaScript, started without loaders, so it stays a few tens of MiB: a fork
// from it costs a fraction of one from the big process that asked.
import { spawn } from 'node:child_process';

// The parent is gone (ended or killed): end too. The sandbox supervisors it started die with it (PDEATHSIG).
process.on('disconnect', () => process.exit(0));

process.on('message', (m) => {
  let stdout = '';
  let stderr = '';
  let answered = false;
  const answer = (fields) => {
    if (answered) return;
    answered = true;
    process.send?.({ id: m.id, ...fields });
  };
  let child;
  try {
    child = spawn(m.file, m.args, { stdio: ['ignore', 'pipe', 'pipe'], env: m.env ?? {} });
  } catch (err) {
    answer({ error: String(err?.message ?? err) });
    return;
  }
  child.stdout.setEncoding('utf8').on('data', (d) => {
    if (stdout.length < m.outLimit) stdout += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d) => {
    if (stderr.length < m.errLimit) stderr += d;
  });
  let timedOut = false;
  const timer =
    m.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, m.timeoutMs)
      : null;
  child.on('error', (err) => answer({ error: String(err?.message ?? err) }));
  child.on('close', (code, signal) => {
    if (timer) clearTimeout(timer);
    answer({ code, signal, stdout, stderr, timedOut });
  });
});
