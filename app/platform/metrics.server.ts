// Recent requests, kept in memory for the system-status screen: p95 response time and the
// share of 5xx answers. A ring buffer, so memory stays bounded under any load.
const CAPACITY = 2000

interface Sample {
  at: number
  durationMs: number
  status: number
}

interface MetricsStore {
  samples: Sample[]
  next: number
}

const store: MetricsStore = { samples: [], next: 0 }

export function recordRequest(sample: { durationMs: number; status: number; at?: number }): void {
  const entry = { at: sample.at ?? Date.now(), durationMs: sample.durationMs, status: sample.status }
  if (store.samples.length < CAPACITY) store.samples.push(entry)
  else store.samples[store.next] = entry
  store.next = (store.next + 1) % CAPACITY
}

export interface RequestStats {
  count: number
  p95Ms: number | null
  errorRatePercent: number | null
}

export function requestStats(windowMs = 15 * 60_000, now = Date.now()): RequestStats {
  const recent = store.samples.filter((s) => now - s.at <= windowMs)
  if (recent.length === 0) return { count: 0, p95Ms: null, errorRatePercent: null }
  const durations = recent.map((s) => s.durationMs).sort((a, b) => a - b)
  const p95 = durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.95) - 1)]
  const errors = recent.filter((s) => s.status >= 500).length
  return { count: recent.length, p95Ms: Math.round(p95), errorRatePercent: (errors / recent.length) * 100 }
}

export function resetRequestMetrics(): void {
  store.samples = []
  store.next = 0
}
