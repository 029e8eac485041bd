// What one table operation costs inside Azurite 3.35 as a table grows, without HTTP: Azurite keeps
// each table in a LokiJS collection with binary indices on PartitionKey and RowKey, and replaces an
// entity by remove + insert (LokiTableMetadataStore.updateTableEntity). Same 100 partitions as the
// rebuild benchmark's departments. Run from the repository root after `npm ci`:
//   node bench/src/main/js/loki-growth.js
// Prints microseconds per operation, the median of 3 rounds of 2,000 operations each.
const Loki = require('lokijs');

const PARTITIONS = 100;
const OPS = 2000;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function timeOps(op) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < OPS; i++) op(i);
  return Number(process.hrtime.bigint() - start) / OPS / 1000;
}

console.log('| rows in the table | insert µs | point read µs | replace (read, remove, insert) µs |');
console.log('|---:|---:|---:|---:|');
for (const rows of [10000, 50000, 100000, 200000, 300000]) {
  const inserts = [], reads = [], replaces = [];
  for (let round = 0; round < 3; round++) {
    const table = new Loki('growth').addCollection('t', {indices: ['PartitionKey', 'RowKey']});
    for (let i = 0; i < rows; i++) table.insert({PartitionKey: 'p' + (i % PARTITIONS), RowKey: 'r' + i, v: i});
    const key = (i) => { const n = (i * 7919) % rows; return {PartitionKey: 'p' + (n % PARTITIONS), RowKey: 'r' + n}; };
    inserts.push(timeOps((i) => table.insert({PartitionKey: 'p' + (i % PARTITIONS), RowKey: 'new' + round + '_' + i, v: i})));
    reads.push(timeOps((i) => table.findOne(key(i))));
    replaces.push(timeOps((i) => {
      const doc = table.findOne(key(i));
      table.remove(doc);
      table.insert({PartitionKey: doc.PartitionKey, RowKey: doc.RowKey, v: -i});
    }));
  }
  console.log(`| ${rows.toLocaleString('en')} | ${median(inserts).toFixed(0)} | ${median(reads).toFixed(0)} | ${median(replaces).toFixed(0)} |`);
}
