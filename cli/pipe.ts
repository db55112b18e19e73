/**
 * `molt history <id> --raw | head`: the reader closes the pipe while molt still writes. Node then
 * raises EPIPE on the next write, which without a listener ends the process with a stack trace. A
 * closed stdout or stderr means nobody reads any more: molt stops at once, quietly, with status 0
 * (as `head` expects of the commands it reads). Any other stream error is reported.
 */
export function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(0);
      throw error;
    });
  }
}
