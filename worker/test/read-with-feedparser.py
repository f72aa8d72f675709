"""Reads feeds with Debian's python3-feedparser, the reference parser Up2's reading is checked
against (feed-reference.test.ts). Reads a JSON list of {name, url, contentType, base64} on stdin;
prints, for each name, the feed's title and each entry's title, link and date as a reader sees
them: HTML made text, dates in ms since 1970 (UTC)."""

import base64
import calendar
import json
import sys
from html.parser import HTMLParser

import feedparser

HTML_TYPES = ("text/html", "application/xhtml+xml")


# Elements that part words; the others (a link, a hashtag's span, bold) sit inside a line.
PARTING = set(
    "address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 "
    "header hr img li main nav ol p pre script section style table td th tr ul".split()
)


class TextOfHtml(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in PARTING:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        self.handle_starttag(tag, [])

    def handle_data(self, data):
        self.parts.append(data)


def as_text(value, detail):
    """A text construct as the text a reader sees: markup dropped when its type is HTML."""
    if detail and detail.get("type") in HTML_TYPES:
        reader = TextOfHtml()
        reader.feed(value)
        reader.close()
        value = "".join(reader.parts)
    return " ".join(value.split())


def entry_of(entry):
    # An item with no title (RSS 2.0 allows it) is its description.
    if entry.get("title"):
        title = as_text(entry.title, entry.get("title_detail"))
    else:
        title = as_text(entry.get("summary", ""), entry.get("summary_detail"))
    when = entry.get("published_parsed") or entry.get("updated_parsed")
    return {
        "title": title,
        "link": entry.get("link"),
        "date": calendar.timegm(when) * 1000 if when else None,
    }


def read(feed):
    parsed = feedparser.parse(
        base64.b64decode(feed["base64"]),
        response_headers={
            "content-type": feed["contentType"],
            "content-location": feed["url"],
        },
    )
    return {
        "title": as_text(parsed.feed.get("title", ""), parsed.feed.get("title_detail")),
        "entries": [entry_of(entry) for entry in parsed.entries],
    }


feeds = json.load(sys.stdin)
json.dump({feed["name"]: read(feed) for feed in feeds}, sys.stdout)
