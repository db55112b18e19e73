/**
 * Plainly stated facts about the user's world (issue 22 item 8): named things with exact
 * identifiers, places, people, codenames — said without "remember" — and the hard negatives that
 * look like them: questions, hypotheticals, code, tool output, other people's quoted words,
 * negations, general knowledge, the assistant's own words. Each case is one user message (or an
 * assistant's, where `role` says so) and the values a memory must hold; a negative expects none.
 *
 * Two parts. `tuned`: the cases the rules were written against (test/unit/memory-extractive.test.ts
 * uses them too). `heldOut`: written before the rules and never used to change them; reported apart
 * by bench/memory-facts.bench.ts.
 */

export interface FactCase {
  text: string;
  /** Each value one memory must contain (a positive); empty: no memory at all (a hard negative). */
  facts: string[];
  role?: 'user' | 'assistant';
}

export const TUNED: FactCase[] = [
  // Positives.
  {
    text: 'Our staging DB is heron-staging-db, prod runs in eu-west-3, the codename is Bluefin.',
    facts: ['heron-staging-db', 'eu-west-3', 'Bluefin'],
  },
  { text: 'Our staging DB is heron-staging-db.', facts: ['heron-staging-db'] },
  { text: 'Prod runs in eu-west-3.', facts: ['eu-west-3'] },
  { text: 'The codename is Bluefin.', facts: ['Bluefin'] },
  { text: 'My manager is Dana Whitfield.', facts: ['Dana Whitfield'] },
  { text: 'Our on-call channel is #ops-pager.', facts: ['#ops-pager'] },
  { text: 'The main repo is github.com/acme/atlas.', facts: ['github.com/acme/atlas'] },
  { text: 'Our VPN gateway is vpn-gw-02.corp.acme.io and it is flaky.', facts: ['vpn-gw-02.corp.acme.io'] },
  { text: 'The billing service runs on k8s cluster blue-7.', facts: ['blue-7'] },
  { text: 'Our office is in Lisbon.', facts: ['Lisbon'] },
  { text: 'I live in Porto.', facts: ['Porto'] },
  { text: "I'm based in Montréal.", facts: ['Montréal'] },
  { text: 'The project is called Kestrel.', facts: ['Kestrel'] },
  {
    text: 'My team lead is Priya Raman, and our designer is Tom Okafor.',
    facts: ['Priya Raman', 'Tom Okafor'],
  },
  { text: 'The S3 bucket for exports is acme-exports-eu.', facts: ['acme-exports-eu'] },
  { text: 'Our Jira project key is ATL.', facts: ['ATL'] },
  { text: 'The analytics warehouse lives on redshift-prod-2.', facts: ['redshift-prod-2'] },
  { text: 'Our API is hosted at api.acme.dev.', facts: ['api.acme.dev'] },
  { text: 'The release branch is release/2026.11.', facts: ['release/2026.11'] },
  { text: 'My laptop hostname is ada-mbp-14.', facts: ['ada-mbp-14'] },
  { text: 'Staging is deployed to us-east-2.', facts: ['us-east-2'] },
  { text: 'Our biggest customer is Northwind Traders.', facts: ['Northwind Traders'] },
  { text: 'The database port is 6543.', facts: ['6543'] },
  { text: 'The codename is Osprey now.', facts: ['Osprey'] },
  // Hard negatives.
  { text: 'Is our staging DB heron-staging-db?', facts: [] },
  { text: 'Our staging DB is heron-staging-db, right?', facts: [] },
  { text: 'If prod runs in eu-west-1, the latency doubles.', facts: [] },
  { text: 'Suppose the codename is Bluefin.', facts: [] },
  { text: "Let's say the region is eu-west-3 for this example.", facts: [] },
  { text: 'Maybe the bucket is acme-exports-eu.', facts: [] },
  { text: 'I think the host is db-7, not sure.', facts: [] },
  { text: "const region = 'eu-west-3';", facts: [] },
  { text: '```\nexport DB_HOST=heron-staging-db\nthe host is heron-staging-db\n```', facts: [] },
  { text: '$ kubectl config use-context blue-7', facts: [] },
  {
    text: 'ERROR 2026-11-20T10:00:01Z the database is heron-staging-db: connection refused',
    facts: [],
  },
  { text: '[warn] region is eu-west-3 but the bucket is in us-east-1', facts: [] },
  { text: 'Bob said the codename is Bluefin.', facts: [] },
  { text: '> our staging DB is heron-staging-db', facts: [] },
  { text: 'According to the vendor, the endpoint is api-v2.vendor.io.', facts: [] },
  { text: 'Our staging DB is not heron-staging-db.', facts: [] },
  { text: "The codename isn't Bluefin anymore.", facts: [] },
  { text: 'Prod no longer runs in eu-west-3.', facts: [] },
  { text: 'The capital of France is Paris.', facts: [] },
  { text: 'The error is ECONNREFUSED.', facts: [] },
  { text: 'The build is green again, thanks.', facts: [] },
  { text: 'The answer is 42.', facts: [] },
  { text: 'This is Bluefin-related work.', facts: [] },
  { text: 'The staging DB is heron-staging-db.', facts: [], role: 'assistant' },
  { text: 'Your staging DB is heron-staging-db.', facts: [] },
];

export const HELD_OUT: FactCase[] = [
  // Positives.
  { text: 'Our Redis cache is redis-cache-03.', facts: ['redis-cache-03'] },
  { text: 'My manager is Luis Ortega.', facts: ['Luis Ortega'] },
  { text: 'The internal wiki is wiki.corp.example.org.', facts: ['wiki.corp.example.org'] },
  { text: 'Our primary region is ap-southeast-2.', facts: ['ap-southeast-2'] },
  { text: 'The mobile app is codenamed Heron.', facts: ['Heron'] },
  { text: 'I live in Tallinn.', facts: ['Tallinn'] },
  { text: 'Our CI runs on buildkite-agent-pool-4.', facts: ['buildkite-agent-pool-4'] },
  { text: 'The support inbox is help@acme.io.', facts: ['help@acme.io'] },
  { text: 'Our security contact is Mei Chen, and the auditor is KPMG.', facts: ['Mei Chen', 'KPMG'] },
  {
    text: 'The Grafana dashboard is grafana.acme.io/d/api-latency.',
    facts: ['grafana.acme.io/d/api-latency'],
  },
  { text: 'Prod is hosted in Frankfurt.', facts: ['Frankfurt'] },
  { text: 'Our Kafka topic for orders is orders.v3.', facts: ['orders.v3'] },
  { text: 'The design system is called Marlin.', facts: ['Marlin'] },
  { text: 'My GitHub org is acme-labs.', facts: ['acme-labs'] },
  { text: 'Our data team sits in Berlin.', facts: ['Berlin'] },
  // Hard negatives.
  { text: 'Which region is prod in?', facts: [] },
  { text: 'Could the cache be redis-cache-03?', facts: [] },
  { text: 'If the topic is orders.v3, consumers lag.', facts: [] },
  { text: 'Imagine the codename is Osprey.', facts: [] },
  { text: 'The manager might be Luis Ortega.', facts: [] },
  { text: 'host = "redis-cache-03"', facts: [] },
  { text: 'INFO 12:00:01 region is ap-southeast-2', facts: [] },
  { text: 'Traceback: the file is main.py line 3', facts: [] },
  { text: 'Alice wrote that the wiki is wiki.corp.example.org.', facts: [] },
  { text: 'The topic is not orders.v3.', facts: [] },
  { text: "Our CI doesn't run on buildkite-agent-pool-4.", facts: [] },
  { text: 'The speed of light is 299792458 m/s.', facts: [] },
  { text: 'The test is flaky again.', facts: [] },
  { text: 'Prod is hosted in Frankfurt.', facts: [], role: 'assistant' },
  { text: 'Hypothetically, the bucket is acme-tmp-1.', facts: [] },
];
