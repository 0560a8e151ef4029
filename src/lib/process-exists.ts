// Whether a process of this pid exists: signal 0 checks without signalling. A process we may not
// signal (EPERM: another user's) exists too.

export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
