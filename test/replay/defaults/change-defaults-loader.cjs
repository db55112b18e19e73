/**
 * A webpack loader for the replay tier's test bundles: rewrites `export const NAME = value;` in
 * the bundled sources to the value the test names, as if a release changed that default. Each
 * name it rewrote is added to globalThis.__moltChangedDefaults so the test can tell that every
 * change reached the bundle (a change that matched nothing would prove nothing).
 */
module.exports = function changeDefaults(source) {
  const { changes } = this.getOptions();
  globalThis.__moltChangedDefaults ??= new Set();
  let out = source;
  for (const [name, value] of Object.entries(changes)) {
    const pattern = new RegExp(`(export const ${name}(?:: [^=]+)? = )[^;]+;`);
    if (pattern.test(out)) {
      out = out.replace(pattern, `$1${value};`);
      globalThis.__moltChangedDefaults.add(name);
    }
  }
  return out;
};
