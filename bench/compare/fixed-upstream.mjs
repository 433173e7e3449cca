// A fixed athena-format upstream for the peer comparison: the OAuth token endpoint and one patient
// list, answered from memory, so every proxy in the table does the same network work.
import http from 'node:http';

const TOKEN = JSON.stringify({
  access_token: 'bench-token',
  token_type: 'bearer',
  expires_in: 3600,
});
const patients = Array.from({ length: 5 }, (_, index) => ({
  patientid: String(1001 + index),
  firstname: ['Linda', 'James', 'Maria', 'Robert', 'Patricia'][index],
  lastname: ['Wright', 'Smith', 'Garcia', 'Johnson', 'Brown'][index],
  dob: `0${index + 1}/1${index}/198${index}`,
  sex: index % 2 ? 'M' : 'F',
}));
const PATIENTS = JSON.stringify({ totalcount: 5, patients });

const server = http.createServer((request, response) => {
  const body = request.url?.startsWith('/oauth2/') ? TOKEN : PATIENTS;
  // The token request carries a form body; the rest are GETs.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
