// Checks the subjects of the commits on this branch that are not yet on main: imperative, at most 72
// characters, no trailing period. Part of `npm run lint`. Exits 1 and names each commit that breaks a rule.
//
// The commits checked are those reachable from HEAD and not from `main` (or from `origin/main` when there is no
// local main, as in a CI checkout). On main itself only commits not yet on `origin/main` are checked, so a fresh
// clone of main checks nothing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAX_SUBJECT = 72;

// Verbs whose imperative ends like a past tense or a gerund.
const IMPERATIVE_ED_ING = new Set([
  'bleed',
  'breed',
  'bring',
  'embed',
  'exceed',
  'feed',
  'need',
  'ping',
  'proceed',
  'seed',
  'shed',
  'speed',
  'string',
  'succeed',
  'swing',
]);

/** The problems of one commit subject; an empty list when it follows the rules. */
export function subjectProblems(subject) {
  const problems = [];
  if (!subject.trim()) return ['the subject is empty'];
  if ([...subject].length > MAX_SUBJECT)
    problems.push(`the subject is ${[...subject].length} characters, more than ${MAX_SUBJECT}`);
  if (subject.endsWith('.')) problems.push('the subject ends with a period');
  const first = subject.trim().split(/\s+/)[0].toLowerCase();
  if (/^[a-z]+(ed|ing)$/.test(first) && !IMPERATIVE_ED_ING.has(first))
    problems.push(
      `the subject starts with "${first}": say what the commit does, imperative ("Add", not "Added")`,
    );
  return problems;
}

function git(cwd, args) {
  const res = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return res.status === 0 ? res.stdout.trim() : null;
}

/** The ref whose commits are already reviewed, or null when there is nothing to compare with. */
export function baseRef(cwd) {
  const has = (ref) => git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]) !== null;
  const branch = git(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (branch !== 'main' && has('refs/heads/main')) return 'refs/heads/main';
  if (has('refs/remotes/origin/main')) return 'refs/remotes/origin/main';
  return null;
}

/** The subjects of the commits on HEAD that `base` does not hold, merges left out: [{ hash, subject }]. */
export function commitsToCheck(cwd) {
  const base = baseRef(cwd);
  if (!base) return [];
  const out = git(cwd, ['log', '--no-merges', '--format=%h%x00%s', `${base}..HEAD`]);
  if (!out) return [];
  return out.split('\n').map((line) => {
    const [hash, subject] = line.split('\0');
    return { hash, subject };
  });
}

function main() {
  const cwd = process.cwd();
  if (git(cwd, ['rev-parse', '--git-dir']) === null) {
    console.log('commit subjects: not a git checkout, nothing to check');
    return 0;
  }
  const commits = commitsToCheck(cwd);
  let bad = 0;
  for (const { hash, subject } of commits) {
    const problems = subjectProblems(subject);
    if (!problems.length) continue;
    bad += 1;
    console.error(`${hash} ${subject}\n  ${problems.join('\n  ')}`);
  }
  const base = baseRef(cwd)?.replace(/^refs\/(heads|remotes)\//, '');
  console.log(
    base
      ? `commit subjects: ${commits.length} commit(s) not on ${base} checked, ${bad} to reword`
      : 'commit subjects: no main branch to compare with, nothing to check',
  );
  return bad ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
