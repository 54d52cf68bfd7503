// Prints the plain closing line CI reads ('N passed, N failed') from vitest's JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed`);
