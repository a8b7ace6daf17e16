#include "compute/plan_results.h"
#include "engine/evaluate.h"
#include "engine/chart_data.h"
#include "document/project_document.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include <QApplication>
#include <chrono>
#include <cstdio>
using namespace fleet;
static double ms(auto a){return std::chrono::duration<double,std::milli>(std::chrono::steady_clock::now()-a).count();}
int main(int argc,char**argv){
  qputenv("QT_QPA_PLATFORM","offscreen"); QApplication app(argc,argv);
  Project project = loadSampleProject().value();
  auto base=project.workloads;
  for(size_t i=0;project.workloads.size()<1000;++i){auto c=base[i%base.size()];c.id+="-"+std::to_string(i);project.workloads.push_back(c);}
  {Project sp=loadSampleProject().value(); auto t0=std::chrono::steady_clock::now(); for(int k=0;k<100;++k){Project c=sp;} std::printf("sample copy %.3f\n",ms(t0)/100); t0=std::chrono::steady_clock::now(); for(int k=0;k<100;++k){Catalog c=sp.catalog;} std::printf("catalog copy %.3f\n",ms(t0)/100);
  t0=std::chrono::steady_clock::now(); for(int k=0;k<20;++k){auto d=projectToJson(sp); auto p2=parseProjectValue(d,"x");} std::printf("sample json+parse %.3f\n",ms(t0)/20);
  gui::ProjectDocument dd(sp); t0=std::chrono::steady_clock::now(); for(int k=0;k<20;++k){(void)dd.edit("x",{{"/workloads/0/name",boost::json::value(k%2?"a":"b")}});} std::printf("sample edit %.3f\n",ms(t0)/20);
 t0=std::chrono::steady_clock::now(); for(int k=0;k<20;++k){auto r=gui::computePlanResults(sp,{},Kpi::MeanMonthlyCost,0);} std::printf("sample compute0 %.3f\n",ms(t0)/20);}
  auto t=std::chrono::steady_clock::now();
  Project copy=project; std::printf("copy %.2f\n",ms(t));
  t=std::chrono::steady_clock::now(); auto doc=projectToJson(project); std::printf("toJson %.2f\n",ms(t));
  t=std::chrono::steady_clock::now(); auto parsed=parseProjectValue(doc,"x"); std::printf("parse %.2f\n",ms(t));
  gui::ProjectDocument d(project);
  t=std::chrono::steady_clock::now(); auto r=d.edit("x",{{"/workloads/0/name",boost::json::value("y")}}); std::printf("edit %.2f\n",ms(t));
  {auto ev=evaluate(project); t=std::chrono::steady_clock::now(); for(int k=0;k<5;++k) ev=evaluate(project); std::printf("evaluate %.2f\n",ms(t)/5);
   t=std::chrono::steady_clock::now(); auto a=costPerToken(project,ev,WorkloadKind::Inference); std::printf("cpt %.2f\n",ms(t));
   t=std::chrono::steady_clock::now(); auto b=regimeMix(project,ev); std::printf("mix %.2f\n",ms(t));
   t=std::chrono::steady_clock::now(); auto c=breakEven(project,ev); std::printf("be %.2f\n",ms(t));}
  for(unsigned parts: {0u,1u,2u,4u,7u}){t=std::chrono::steady_clock::now(); auto res=gui::computePlanResults(project,{},Kpi::MeanMonthlyCost,parts); std::printf("compute parts %u %.2f\n",parts,ms(t));}
  t=std::chrono::steady_clock::now(); auto sc=applyScenario(project, project.scenarios[0].id); std::printf("applyScenario %.2f\n",ms(t));
}
