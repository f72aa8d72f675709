import {
  startupBudgetBytes,
  uploadGzipBudgetBytes,
  type WorkerSizes,
  workerSizes,
} from './worker-bundle.ts';

/**
 * `npm run deploy:check`, after the build: prints what an isolate evaluates at start and what the
 * Worker uploads, and fails when either is above its budget (issue 38).
 */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

function overBudget({ startupBytes, uploadGzipBytes }: WorkerSizes): string[] {
  return [
    startupBytes > startupBudgetBytes &&
      `The Worker's start-up modules are ${kib(startupBytes)}, above the ${kib(startupBudgetBytes)} budget: load what a reader's request does not need with import().`,
    uploadGzipBytes > uploadGzipBudgetBytes &&
      `The Worker's upload is ${kib(uploadGzipBytes)} gzipped, above the ${kib(uploadGzipBudgetBytes)} a Workers Free account accepts.`,
  ].filter((problem) => typeof problem === 'string');
}

const sizes = workerSizes('dist/up2');
console.log(
  `Worker start-up modules: ${kib(sizes.startupBytes)} (budget ${kib(startupBudgetBytes)})`,
);
console.log(
  `Worker upload: ${kib(sizes.uploadBytes)} / gzip: ${kib(sizes.uploadGzipBytes)} (budget ${kib(uploadGzipBudgetBytes)} gzipped)`,
);
const problems = overBudget(sizes);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
