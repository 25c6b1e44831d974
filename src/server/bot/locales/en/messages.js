/*eslint-disable*/ module.exports = {
  messages: JSON.parse('{"Open in app":["Open in app"],"Price of {symbol}":["Price of ",["symbol"]]}'),
};
