import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { subjectProblems } from './commit-subjects.mjs';

const SCRIPT = fileURLToPath(new URL('./commit-subjects.mjs', import.meta.url));
const dirs = [];
// Without the GIT_* variables of a calling git (a hook), so each command works on its own temporary repository.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')));

function git(cwd, ...args) {
  const res = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout.trim();
}

/** A new repository whose `main` holds one commit with a subject that breaks every rule. */
function repo() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-subjects-'));
  dirs.push(dir);
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'commit.gpgsign', 'false');
  commit(dir, `Added ${'a long subject '.repeat(6)}.`);
  return dir;
}

function commit(dir, message) {
  git(dir, 'commit', '--quiet', '--allow-empty', '-m', message);
}

function check(cwd) {
  const res = spawnSync(process.execPath, [SCRIPT], { cwd, env, encoding: 'utf8' });
  return { status: res.status, out: res.stdout + res.stderr };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('subjectProblems', () => {
  it('accepts an imperative subject of 72 characters', () => {
    expect(subjectProblems(`Add ${'x'.repeat(68)}`)).toEqual([]);
    expect(subjectProblems('Embed the station count in the health answer')).toEqual([]);
  });

  it('names each broken rule', () => {
    expect(subjectProblems('')).toEqual(['the subject is empty']);
    expect(subjectProblems(`Add ${'x'.repeat(69)}`)).toEqual(['the subject is 73 characters, more than 72']);
    expect(subjectProblems('Add the bbox schema test.')).toEqual(['the subject ends with a period']);
    expect(subjectProblems('Added the bbox schema test')[0]).toMatch(/starts with "added"/);
    expect(subjectProblems('Adding the bbox schema test')[0]).toMatch(/starts with "adding"/);
  });
});

describe('scripts/commit-subjects.mjs in a repository', () => {
  it('checks nothing on a fresh clone of main, whatever main holds', () => {
    const origin = repo();
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-subjects-clone-'));
    dirs.push(clone);
    git(clone, 'clone', '--quiet', origin, '.');
    const res = check(clone);
    expect(res.status).toBe(0);
    expect(res.out).toContain('0 commit(s) not on origin/main checked');
  });

  it('checks nothing in a repository without a main branch to compare with', () => {
    const dir = repo();
    git(dir, 'branch', '-m', 'trunk');
    const res = check(dir);
    expect(res.status).toBe(0);
    expect(res.out).toContain('nothing to check');
  });

  it('passes a branch whose own commits follow the rules', () => {
    const dir = repo();
    git(dir, 'switch', '--quiet', '-c', 'topic');
    commit(dir, 'Validate the bbox answer against its schema\n\nThe route builds its JSON by hand.');
    const res = check(dir);
    expect(res.status).toBe(0);
    expect(res.out).toContain('1 commit(s) not on main checked, 0 to reword');
  });

  it("fails a branch with a bad subject and names that commit, not main's", () => {
    const dir = repo();
    git(dir, 'switch', '--quiet', '-c', 'topic');
    commit(dir, 'Validate the bbox answer against its schema');
    commit(dir, 'Fixed the nearest answer.');
    const bad = git(dir, 'rev-parse', '--short', 'HEAD');
    const res = check(dir);
    expect(res.status).toBe(1);
    expect(res.out).toContain(`${bad} Fixed the nearest answer.`);
    expect(res.out).toContain('ends with a period');
    expect(res.out).not.toContain('Added a long subject');
    expect(res.out).toContain('2 commit(s) not on main checked, 1 to reword');
  });

  it('checks the commits of a local main not yet on origin/main', () => {
    const origin = repo();
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-subjects-clone-'));
    dirs.push(clone);
    git(clone, 'clone', '--quiet', origin, '.');
    git(clone, 'config', 'user.name', 'Test');
    git(clone, 'config', 'user.email', 'test@example.com');
    git(clone, 'config', 'commit.gpgsign', 'false');
    commit(clone, 'Updating the readme');
    const res = check(clone);
    expect(res.status).toBe(1);
    expect(res.out).toContain('starts with "updating"');
  });
});
