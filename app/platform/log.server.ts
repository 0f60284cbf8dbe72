// One JSON line per event, so logs can be read by machines; never pass secrets in `fields`.
type Fields = Record<string, unknown>

/** Which of several server processes writes (decision 101): their lines share one output. */
const serverProcess = process.env.SERVER_PROCESS ? { process: Number(process.env.SERVER_PROCESS) } : {}

function write(level: 'info' | 'warn' | 'error', message: string, fields?: Fields) {
  if (process.env.LOG_SILENT === '1') return
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...serverProcess, ...fields })
  if (level === 'error') console.error(line)
  else console.log(line)
}

export const log = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
}
