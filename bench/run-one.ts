// Runs one bench file in this process and prints its figures as JSON (bench/index.ts spawns one per file).
const file = process.argv[2];
if (!file) throw new Error('usage: run-one.ts <name>.bench.ts');
const mod = (await import(`./${file}`)) as { default: () => Promise<unknown[]> };
process.stdout.write(`${JSON.stringify(await mod.default())}\n`);
process.exit(0);
