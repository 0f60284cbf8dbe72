import { createContext, useContext } from 'react'

// The per-request CSP nonce, provided by entry.server; empty in the browser, where the
// scripts are already running.
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
