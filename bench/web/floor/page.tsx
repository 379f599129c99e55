export function Component() {
  return <p>A lazily loaded route</p>;
}
