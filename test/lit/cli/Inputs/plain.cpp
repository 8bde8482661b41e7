// No annotated async function here: a rewrite leaves every byte as it is,
// including this comment, the odd spacing below   and the missing final newline.
#include <unawait/unawait.hpp>

#define TWICE(x) ((x) * 2)

struct Point {  int x, y; };

static int   sum(const Point &p) { return TWICE(p.x) + p.y; }

int main() {
	return sum(Point{1, 2}) == 4 ? 0 : 1;   // indented with a tab
}