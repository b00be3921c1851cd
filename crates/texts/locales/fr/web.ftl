# valerna serve: the web pages (lobby, tables). Messages with variables are
# served with { $name } left as {name} for the page to fill in.

web-title = Valerna
