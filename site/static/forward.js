// A lesson's former address (front matter `formerly:`, templates/forward.html): on to where the
// lesson is now, keeping the step in the query (`?step=3`) and the fragment. Without scripts the
// page's meta refresh goes there too, without them.
const target = document.querySelector('link[rel="canonical"]');
if (target) {
  const url = new URL(target.href);
  url.search = location.search;
  url.hash = location.hash;
  location.replace(url.href);
}
