// Dates in assertions are compared in UTC whatever the machine's zone.
process.env.TZ = 'UTC'
