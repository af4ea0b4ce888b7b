import { asyncBufferFromFile, parquetReadObjects, parquetMetadataAsync } from 'hyparquet';
const f = await asyncBufferFromFile(process.argv[2]);
const md = await parquetMetadataAsync(f);
console.log(md.row_groups.length, 'groups', md.num_rows, 'rows');
const rows = await parquetReadObjects({ file: f });
console.log(rows.slice(0, 3), rows.length);
