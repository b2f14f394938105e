// Placeholder replaced by the API issue: `npm run admin -- create|reset <username>`.
console.error('The admin CLI arrives with the API issue.');
process.exit(1);
