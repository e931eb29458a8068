// Sabaki's own client code drives `menace go --gtp` (tests/real/sabaki.rs runs this with
// NODE_PATH at the packages scripts/install-sabaki installs): @sabaki/gtp's Controller sends
// every command of issue 75's section 4, and @sabaki/sgf parses `printsgf`'s answer and each
// SGF file named after `--`. One JSON object a line on stdout, for the Rust test to check:
// {"command": ..., "error": bool, "content": ...} for a command, {"analysis": ..., "lines": [...]}
// for a live analysis, {"sgf": FILE, "root": {PROP: [VALUES]}, "nodes": N} for a parsed SGF,
// {"sgfError": FILE, "message": ...} for one that did not parse.
const {Controller} = require('@sabaki/gtp')
const sgf = require('@sabaki/sgf')

const [menace, ...rest] = process.argv.slice(2)
const files = rest.slice(rest.indexOf('--') + 1)
const say = obj => process.stdout.write(JSON.stringify(obj) + '\n')

function parseSgf(name, text) {
  try {
    const trees = sgf.parse(text)
    let nodes = 0
    for (let node = trees[0]; node != null; node = node.children[0]) nodes++
    say({sgf: name, root: trees[0].data, nodes})
  } catch (err) {
    say({sgfError: name, message: String(err && err.message)})
  }
}

async function main() {
  const engine = new Controller(menace, ['go', '--gtp', '--playouts', '300', '--threads', '1'])
  engine.start()
  const send = async (line, subscriber) => {
    const [name, ...args] = line.split(' ')
    const response = await engine.sendCommand({name, args}, subscriber)
    say({command: line, error: response.error, content: response.content})
    return response
  }
  for (const line of ['boardsize 9', 'komi 6.5', 'play b E5', 'play w C3', 'play b G7']) {
    await send(line)
  }
  // Live analysis with the keys GUIs send, stopped by `stop` once two lines came.
  for (const line of [
    'kata-analyze w 5 pvVisits true movesOwnership true ownership true someFutureKey 1',
    'lz-analyze w 5',
  ]) {
    const lines = []
    let resolveTwo
    const two = new Promise(resolve => (resolveTwo = resolve))
    const [name, ...args] = line.split(' ')
    const analysis = engine.sendCommand({name, args}, ({line}) => {
      if (line.startsWith('info ')) lines.push(line)
      if (lines.length >= 2) resolveTwo()
    })
    await two
    const stop = await engine.sendCommand({name: 'stop'})
    const response = await analysis
    say({analysis: line, error: response.error, lines, stop: stop.content, stopError: stop.error})
  }
  for (const line of [
    'get_komi',
    'kata-get-rules',
    'kata-set-rules ' + '{"ko":"POSITIONAL","scoring":"AREA"}',
    'kata-set-rules japanese',
    'kata-list-params',
    'kata-get-param rave_equiv',
    'kata-set-param rave_equiv 3000',
    'kata-get-param rave_equiv',
    'kata-set-param rave_equiv -5',
    'clear_cache',
    'gogui-analyze_commands',
    'lz-setoption name Playouts value 200',
    'lz-setoption name Maximum Memory Use (MiB) value 2048',
    'stop',
    'printsgf',
  ]) {
    const response = await send(line)
    if (line === 'printsgf' && !response.error) parseSgf('printsgf', response.content)
  }
  await engine.stop()
  for (const file of files) {
    parseSgf(file, require('fs').readFileSync(file, 'utf8'))
  }
}

main().catch(err => {
  console.error(err)
  process.exit(1)
})
