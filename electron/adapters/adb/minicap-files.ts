import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * minicap's prebuilt files from npm (never committed): `@devicefarmer/minicap-prebuilt` has the
 * native binary per ABI with its library per Android SDK up to 30 and the APK for newer phones;
 * `@u4/minicap-prebuilt` adds the library for SDK 32. A phone runs the binary when a library for
 * its exact SDK exists, otherwise the APK through `app_process` (what minicap's own run.sh does).
 */
const require = createRequire(import.meta.url);

function packageRoot(name: string): string | null {
  try {
    return join(dirname(require.resolve(`${name}/package.json`)), 'prebuilt');
  } catch {
    return null;
  }
}

const ROOTS = ['@devicefarmer/minicap-prebuilt', '@u4/minicap-prebuilt'].map(packageRoot).filter((r): r is string => r !== null);
export const MINICAP_ABIS = ['arm64-v8a', 'armeabi-v7a', 'x86_64', 'x86'];

export type MinicapFiles =
  | { kind: 'native'; binary: string; library: string; abi: string; sdk: number }
  | { kind: 'apk'; apk: string; sdk: number }
  | { kind: 'none'; problem: string };

export function minicapFiles(abi: string, sdk: number): MinicapFiles {
  if (ROOTS.length === 0) return { kind: 'none', problem: 'the minicap-prebuilt package is not installed (npm install)' };
  if (!MINICAP_ABIS.includes(abi)) return { kind: 'none', problem: `minicap has no build for this phone's CPU (${abi || 'unknown ABI'})` };
  for (const root of ROOTS) {
    const library = join(root, abi, 'lib', `android-${sdk}`, 'minicap.so');
    const binary = join(root, abi, 'bin', sdk >= 16 ? 'minicap' : 'minicap-nopie');
    if (existsSync(library) && existsSync(binary)) return { kind: 'native', binary, library, abi, sdk };
  }
  const apk = ROOTS.map((r) => join(r, 'noarch', 'minicap.apk')).find((p) => existsSync(p));
  if (apk && sdk >= 29) return { kind: 'apk', apk, sdk };
  return { kind: 'none', problem: `minicap has no library for Android SDK ${sdk} on ${abi}` };
}
